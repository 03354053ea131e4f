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
  return useQuery({
    queryKey: practiceKeys.session(id),
    queryFn: () => api<SessionView>(`/api/v1/test-sessions/${id}`),
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
  return useMutation({
    mutationFn: () => api<Results>(`/api/v1/test-sessions/${sessionId}/submit`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: practiceKeys.session(sessionId) });
      void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
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
