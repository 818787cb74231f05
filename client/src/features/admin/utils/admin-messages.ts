// What the admin screen says when a call fails and the server gave no reason (the server's own
// `error` text is preferred when it sends one). The spec's wording (section 8) first, then the
// few the spec does not cover (statistics, reindexing, the audit log, restoring an agent).

export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  invalidCode: 'Invalid code',
  fetchAgentsFailed: 'Failed to fetch agents',
  fetchSubscribersFailed: 'Failed to fetch subscribers',
  fetchCategoriesFailed: 'Failed to fetch categories',
  fetchRolesFailed: 'Failed to fetch roles',
  addAgentFailed: 'Failed to add agent',
  noAgentSelected: 'No agent selected for editing',
  updateAgentFailed: 'Failed to update agent',
  deleteAgentFailed: 'Failed to delete agent',
  uploadFailed: 'Failed to upload file',
  downloadFailed: 'Failed to download agents. Please try again.',
  subscriptionStatusFailed: 'Failed to update subscription status',
  // Not in the spec's catalogue.
  restoreAgentFailed: 'Failed to restore agent',
  fetchStatsFailed: 'Failed to fetch statistics',
  reindexFailed: 'Failed to start reindexing',
  fetchReindexFailed: 'Failed to fetch the reindex status',
  fetchAuditFailed: 'Failed to fetch the audit log',
  fetchMcpUsageFailed: 'Failed to fetch the MCP usage',
  fetchReviewQueueFailed: 'Failed to fetch the review queue',
  approveFailed: 'Failed to approve the agent',
  rejectFailed: 'Failed to reject the agent',
  sessionExpired: 'Your admin session has ended. Please log in again.',
} as const;
