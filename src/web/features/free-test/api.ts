import { useMutation, useQuery } from '@tanstack/react-query';
import type { Letter } from '../../../domain/content/letters';
import type { AnswerReveal, FreeTestResult, PublicQuestion } from '../../../domain/contracts/free-test';
import { api } from '../../lib/api-client';

export function useFreeTest() {
  return useQuery({
    queryKey: ['free-test'],
    queryFn: () => api<{ questions: PublicQuestion[] }>('/api/v1/free-test'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCheckFreeAnswer() {
  return useMutation({
    mutationFn: (body: { questionId: string; answer: Letter }) =>
      api<AnswerReveal>('/api/v1/free-test/check', { method: 'POST', body }),
  });
}

export function useFreeTestResult() {
  return useMutation({
    mutationFn: (answers: Record<string, Letter>) =>
      api<FreeTestResult>('/api/v1/free-test/result', { method: 'POST', body: { answers } }),
  });
}
