import * as accounts from '@agentry/domain/contract/accounts';
import * as admin from '@agentry/domain/contract/admin';
import * as agents from '@agentry/domain/contract/agents';
import * as analytics from '@agentry/domain/contract/analytics';
import * as catalog from '@agentry/domain/contract/catalog';
import * as employer from '@agentry/domain/contract/employer';
import * as logos from '@agentry/domain/contract/logos';
import * as providers from '@agentry/domain/contract/providers';
import * as registration from '@agentry/domain/contract/registration';
import * as savedSearches from '@agentry/domain/contract/saved-searches';
import * as search from '@agentry/domain/contract/search';
import { MessageAnswer, Success } from '@agentry/domain/contract/shapes';
import * as showcase from '@agentry/domain/contract/showcase';
import * as signals from '@agentry/domain/contract/signals';
import * as subscriptions from '@agentry/domain/contract/subscriptions';
import * as team from '@agentry/domain/contract/team';
import { z } from 'zod';

// Which contract schema (domain/src/contract/) each documented operation answers with on success,
// by its operationId in docs/openapi.yaml. Read by the OpenAPI check (routes/api/docs/contract.test.ts)
// and by the check of live answers in the integration tests (testing/live-answers.ts).

/** Each operation's success answer, as the contract declares it. */
export const OPERATION_ANSWERS: Record<string, z.ZodType> = {
  getCsrfToken: accounts.CsrfToken,
  getCurrentUser: accounts.Me,
  login: accounts.SignedIn,
  logout: Success,
  forgotPassword: MessageAnswer,
  resetPassword: MessageAnswer,
  verifyEmail: accounts.VerifyEmailAnswer,
  resendVerification: accounts.ResendVerificationAnswer,
  listAgents: agents.AgentList,
  registerAgent: registration.RegistrationAnswer,
  reportListingOwnership: MessageAnswer,
  countAgents: catalog.AgentCount,
  getAgent: agents.AgentPage,
  getShowcase: showcase.Showcase,
  publicSignals: signals.PublicSignals,
  uploadAgentLogo: logos.LogoAnswer,
  removeAgentLogo: logos.LogoAnswer,
  similarAgents: agents.AgentList,
  listCategories: catalog.NameList,
  listRoles: catalog.NameList,
  directoryAgents: agents.AgentList,
  directoryCounts: catalog.DirectoryCounts,
  search: agents.AgentList,
  searchByRole: agents.AgentList,
  instantSearchMultiSearch: search.MultiSearchAnswer,
  createAccount: accounts.AccountCreated,
  startCheckout: subscriptions.CheckoutAnswer,
  listOwnAgents: accounts.OwnAgentsAnswer,
  updateOwnAgent: accounts.OwnAgentAnswer,
  deleteOwnAgent: MessageAnswer,
  getProviderAnalytics: analytics.ProviderAnalytics,
  updateProfile: accounts.ProfileAnswer,
  verifyCheckoutSession: subscriptions.VerifiedSession,
  getSubscription: subscriptions.Subscription,
  cancelSubscription: subscriptions.SubscriptionChange,
  reactivateSubscription: subscriptions.SubscriptionChange,
  getTestCheckout: subscriptions.TestCheckout,
  payTestCheckout: subscriptions.CheckoutRedirect,
  cancelTestCheckout: subscriptions.CheckoutRedirect,
  getProviderPage: providers.ProviderPage,
  employerMultiSearch: search.MultiSearchAnswer,
  listShortlists: employer.ShortlistsAnswer,
  createShortlist: employer.ShortlistAnswer,
  renameShortlist: employer.ShortlistAnswer,
  deleteShortlist: Success,
  addToShortlist: employer.ShortlistAnswer,
  removeFromShortlist: employer.ShortlistAnswer,
  compareAgents: employer.ComparisonAnswer,
  sendContactRequest: employer.SentRequestAnswer,
  listSentContactRequests: employer.SentRequestsPage,
  setSentRequestOutcome: employer.SentRequestAnswer,
  replyToSentRequest: employer.SentRequestAnswer,
  listApiKeys: employer.ApiKeysAnswer,
  createApiKey: employer.ApiKeyCreated,
  revokeApiKey: Success,
  getTeam: team.TeamAnswer,
  nameOrganization: team.TeamAnswer,
  inviteColleague: team.InvitationAnswer,
  cancelInvitation: Success,
  removeTeamMember: Success,
  previewInvitation: team.InvitationPreview,
  acceptInvitation: team.InvitationAccepted,
  listSavedSearches: savedSearches.SavedSearchesAnswer,
  createSavedSearch: savedSearches.SavedSearchAnswer,
  updateSavedSearch: savedSearches.SavedSearchAnswer,
  deleteSavedSearch: Success,
  unsubscribeSavedSearch: savedSearches.UnsubscribeAnswer,
  listProviderInbox: employer.InboxPage,
  setProviderInboxStatus: employer.InboxRequestAnswer,
  replyFromProviderInbox: employer.InboxRequestAnswer,
  adminCsrfToken: admin.AdminToken,
  adminLogin: z.union([admin.AdminSignedIn, admin.AdminCodeRequired]),
  adminLoginCode: admin.AdminSignedIn,
  adminMe: admin.AdminSignedIn,
  adminLogout: Success,
  adminStats: admin.AdminStats,
  adminMcpUsage: admin.McpUsageAnswer,
  adminListAgents: admin.AdminAgentsPage,
  adminAddAgent: admin.AdminAgentAnswer,
  adminUpdateAgent: admin.AdminAgentAnswer,
  adminRemoveAgent: admin.AdminAgentAnswer,
  adminRestoreAgent: admin.AdminAgentAnswer,
  adminListReviewQueue: admin.AdminAgentsPage,
  adminApproveHeldAgent: admin.AdminAgentAnswer,
  adminRejectHeldAgent: admin.AdminAgentAnswer,
  adminListSubscribers: admin.SubscribersPage,
  adminSetSubscriptionStatus: admin.SubscriberAnswer,
  adminUploadAgents: admin.UploadReport,
  adminReindexStatus: admin.ReindexAnswer,
  adminStartReindex: admin.ReindexStarted,
  adminAuditLog: admin.AuditPage,
  adminProviderDuplicates: admin.ProviderDuplicatesAnswer,
  adminMergeProviders: admin.ProviderMergeAnswer,
  adminListInbox: employer.InboxPage,
  adminSetInboxStatus: employer.InboxRequestAnswer,
  adminReplyFromInbox: employer.InboxRequestAnswer,
};
