import { checkLiveAnswers } from './check-live-answers';

// Every server test file runs with the run-time contract check on: each supertest request's JSON
// success answer is held against domain/src/contract/ (testing/live-answers.ts), so an answer that
// drifts from the documented body fails the test that received it, whatever that test asserts.
checkLiveAnswers();
