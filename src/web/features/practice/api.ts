import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Letter } from '../../../domain/content/schemas';
import type {
  Dashboard,
  Results,
  SessionView,
  StartSessionRequest,
  StudyGuide,
} from '../../../domain/contracts/practice';
import { api } from '../../lib/api-client';
import { useAchievements } from '../achievements/achievement-provider';
import { achievementKeys } from '../achievements/api';

export const practiceKeys = {
  dashboard: ['practice', 'dashboard'] as const,
  session: (id: string) => ['practice', 'session', id] as const,
  studyGuide: (code: string) => ['practice', 'study-guide', code] as const,
};

export function usePracticeDashboard() {
  return useQuery({
    queryKey: practiceKeys.dashboard,
    queryFn: () => api<Dashboard>('/api/v1/me/practice-dashboard'),
  });
}

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
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function saveAnswer(sessionId: string, position: number, change: { answer?: Letter; flagged?: boolean }) {
  return api<{ position: number; selected: Letter | null; flagged: boolean }>(
    `/api/v1/test-sessions/${sessionId}/answers/${position}`,
    { method: 'PUT', body: change },
  );
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
