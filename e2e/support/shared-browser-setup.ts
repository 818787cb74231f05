import { startSharedBrowser } from './shared-browser';

// jest's globalSetup for the e2e project (jest.config.js).
export default startSharedBrowser;
