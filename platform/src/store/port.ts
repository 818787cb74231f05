// The store port, one file per resource under port/ (store.ts puts them together as the Store the
// adapters in sqlite/ and mongo/ implement). Re-exported here so one import reaches all of it.

export * from './port/admins';
export * from './port/agent-stats';
export * from './port/agents';
export * from './port/api-keys';
export * from './port/audit';
export * from './port/billing';
export * from './port/change-log';
export * from './port/contact-requests';
export * from './port/day-count';
export * from './port/key-value';
export * from './port/leases';
export * from './port/link-checks';
export * from './port/listing-claims';
export * from './port/logos';
export * from './port/profiles';
export * from './port/reviews';
export * from './port/saved-searches';
export * from './port/sessions';
export * from './port/shortlists';
export * from './port/store';
export * from './port/teams';
export * from './port/tokens';
export * from './port/tool-usage';
export * from './port/users';
export * from './port/verifications';
