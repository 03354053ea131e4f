import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Letter } from '../../../domain/content/letters';
import type { DeckSummary, ReviewAnswerResult, ReviewSession } from '../../../domain/contracts/review';
import { api } from '../../lib/api-client';
import { reviewKeys } from './query-keys';

/** The deck in numbers: due now (the dashboard card), due today, learning, mastered. */
export function useDeckSummary() {
  return useQuery({ queryKey: reviewKeys.summary, queryFn: () => api<DeckSummary>('/api/v1/me/review') });
}

/** A review session's cards, read once when the session opens (answers do not refetch it). */
export function useReviewSession() {
  return useQuery({
    queryKey: reviewKeys.session,
    queryFn: () => api<ReviewSession>('/api/v1/me/review/cards'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useAnswerReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: string; answer: Letter }) =>
      api<ReviewAnswerResult>(`/api/v1/me/review/cards/${encodeURIComponent(questionId)}/answer`, {
        method: 'POST',
        body: { answer },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.summary }),
  });
}
