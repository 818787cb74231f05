// The structured profile of an agent (issue 28): facts a provider states beside the spec's free-text
// fields, from controlled lists where there are any, so employers can compare and filter on them.
// Written once for the provider's and the admin's forms (client), the store, the API, MCP and the
// spreadsheet (server). Every fact is optional: null or an empty list means "not stated", which the
// comparison shows as a gap instead of guessing.
// Its parts: agent-profile-choices.ts (the controlled lists and their labels), agent-profile-fields.ts
// (the facts, their labels, the empty profile), validate-agent-profile.ts (checking a profile as sent).

export * from './agent-profile-choices';
export * from './agent-profile-fields';
export * from './validate-agent-profile';
