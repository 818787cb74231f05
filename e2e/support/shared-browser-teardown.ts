import { stopSharedBrowser } from './shared-browser';

// jest's globalTeardown for the e2e project (jest.config.js).
export default stopSharedBrowser;
