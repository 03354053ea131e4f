/**
 * The practice feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { ActionBar } from './action-bar';
export { AnswerOption } from './answer-option';
export { useImportFreeTest, usePracticeDashboard, useStudyGuide } from './api';
export { InstantFeedbackToggle } from './instant-feedback-toggle';
export { useSessionTitle } from './session-title';
export { StartTestButton } from './start-test-button';
