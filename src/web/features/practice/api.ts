import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Letter } from '../../../domain/content/letters';
import type { MeResponse } from '../../../domain/contracts/auth';
import type {
  Results,
  SavedAnswer,
  SessionView,
  StartSessionRequest,
  StudyGuide,
} from '../../../domain/contracts/practice';
import { api } from '../../lib/api-client';
import { achievementKeys, useAchievements } from '../achievements';
import { meQueryKey } from '../auth';
import { practiceDashboardQuery } from './dashboard-query';

export const practiceKeys = {
  dashboard: practiceDashboardQuery.queryKey,
  session: (id: string) => ['practice', 'session', id] as const,
  studyGuide: (code: string) => ['practice', 'study-guide', code] as const,
};

export function usePracticeDashboard() {
  return useQuery(practiceDashboardQuery);
}

/** Starts a test (or gets back the open one of the same sort: the server decides). */
export function useStartTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSessionRequest) => api<SessionView>('/api/v1/test-sessions', { method: 'POST', body }),
    onSuccess: (session) => {
      queryClient.setQueryData(practiceKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
    },
  });
}

export function useTestSession(id: string) {
  const { announce } = useAchievements();
  return useQuery({
    queryKey: practiceKeys.session(id),
    queryFn: async () => {
      const session = await api<SessionView>(`/api/v1/test-sessions/${id}`);
      // An exam reopened after its deadline is scored by this read; its new achievements come with it.
      if (session.results) announce(session.results.newAchievements);
      return session;
    },
    // The runner keeps its own copy of the choices; the server's copy is read on open and reload.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function saveAnswer(sessionId: string, position: number, change: { answer?: Letter; flagged?: boolean }) {
  return api<SavedAnswer>(`/api/v1/test-sessions/${sessionId}/answers/${position}`, { method: 'PUT', body: change });
}

export function useSubmitTest(sessionId: string) {
  const queryClient = useQueryClient();
  const { announce } = useAchievements();
  return useMutation({
    mutationFn: () => api<Results>(`/api/v1/test-sessions/${sessionId}/submit`, { method: 'POST' }),
    onSuccess: (results) => {
      announce(results.newAchievements);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.session(sessionId) });
      void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: achievementKeys.panel });
      void queryClient.invalidateQueries({ queryKey: achievementKeys.streak });
    },
  });
}

export function useStudyGuide(code: string) {
  return useQuery({
    queryKey: practiceKeys.studyGuide(code),
    queryFn: () => api<StudyGuide>(`/api/v1/study-guides/${code}`),
    staleTime: 60 * 60_000,
  });
}

/** The instant-feedback setting, remembered on the technician's profile. */
export function useInstantFeedbackSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (instantFeedback: boolean) =>
      api<MeResponse>('/api/v1/me/preferences', { method: 'PATCH', body: { instantFeedback } }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Saves the free test taken before signing up into the account's history (once). */
export function useImportFreeTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, Letter>) =>
      api<{ id: string; results: Results }>('/api/v1/me/free-test-result', { method: 'POST', body: { answers } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
  });
}
