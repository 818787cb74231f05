// Browser tests need more than jest's default 5 s. jest reads testTimeout only from the global
// config, not from a project, so the e2e project sets it here (jest.config.js: setupFilesAfterEnv).
// A hang's limit, not a figure: 60 s was passed by tests that were right (the axe checks of the
// directory pages, the storefront) with three CPU hogs beside the lanes, load 9-10.
jest.setTimeout(180_000);
