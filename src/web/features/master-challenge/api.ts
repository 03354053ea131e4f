import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerRequest,
  AttemptView,
  Eligibility,
  Leaderboard,
  LeaderboardNameRequest,
  UserRank,
} from '../../../domain/contracts/master-challenge';
import { MC_LEADERBOARD_REFRESH_MS } from '../../../domain/master-challenge';
import { api } from '../../lib/api-client';

export const challengeKeys = {
  eligibility: ['master-challenge', 'eligibility'] as const,
  attempt: (id: string) => ['master-challenge', 'attempt', id] as const,
  leaderboard: ['master-challenge', 'leaderboard'] as const,
  rank: ['master-challenge', 'rank'] as const,
};

export function useEligibility() {
  return useQuery({
    queryKey: challengeKeys.eligibility,
    queryFn: () => api<Eligibility>('/api/v1/master-challenge/eligibility'),
    staleTime: 0,
  });
}

/** Starts an attempt, or resumes the open one; the server serves its first question. */
export function useStartChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<AttemptView>('/api/v1/master-challenge/attempts', { method: 'POST' }),
    onSuccess: (view) => {
      queryClient.setQueryData(challengeKeys.attempt(view.id), view);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.eligibility }),
  });
}

export function useAttempt(id: string) {
  return useQuery({
    queryKey: challengeKeys.attempt(id),
    queryFn: () => api<AttemptView>(`/api/v1/master-challenge/attempts/${id}`),
    // The runner keeps the attempt from each answer's reply; the server's copy is read on open and reload.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function postAnswer(attemptId: string, body: AnswerRequest) {
  return api<AttemptView>(`/api/v1/master-challenge/attempts/${attemptId}/answers`, { method: 'POST', body });
}

/** docs/PRODUCT.md#master-challenge: the leaderboard and the rank row refresh every 30 s. */
export function useLeaderboard() {
  return useQuery({
    queryKey: challengeKeys.leaderboard,
    queryFn: () => api<Leaderboard>('/api/v1/master-challenge/leaderboard'),
    refetchInterval: MC_LEADERBOARD_REFRESH_MS,
  });
}

export function useMyRank() {
  return useQuery({
    queryKey: challengeKeys.rank,
    queryFn: () => api<UserRank>('/api/v1/master-challenge/my-rank'),
    refetchInterval: MC_LEADERBOARD_REFRESH_MS,
  });
}

/** How the technician appears on the board; the board is read again so the change shows at once. */
export function useSetLeaderboardName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaderboardName: LeaderboardNameRequest['leaderboardName']) =>
      api<UserRank>('/api/v1/master-challenge/leaderboard-name', { method: 'PUT', body: { leaderboardName } }),
    onSuccess: (rank) => {
      queryClient.setQueryData(challengeKeys.rank, rank);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.leaderboard });
    },
  });
}
