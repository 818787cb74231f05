import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. These tests render whole pages (InstantSearch, the
// router) and a shared 2-core machine under load can take longer than that to answer a click, so a
// correct page failed now and then. A hang still fails: 15 s (5 s was little at load 20-25), under
// the 30 s test limit. What is waited for is unchanged.
configure({ asyncUtilTimeout: 15_000 });
