// Browser tests need more than jest's default 5 s. jest reads testTimeout only from the global
// config, not from a project, so the e2e project sets it here (jest.config.js: setupFilesAfterEnv).
jest.setTimeout(60_000);
