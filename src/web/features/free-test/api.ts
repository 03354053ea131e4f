import { useMutation, useQuery } from '@tanstack/react-query';
import type { Letter } from '../../../domain/content/letters';
import type { AnswerReveal, FreeTestResult, PublicQuestion } from '../../../domain/contracts/free-test';
import { api } from '../../lib/api-client';
import { ssrData } from '../../lib/ssr-data';

/** The key the prerendered page's data is under (scripts/prerender.ts). */
export const FREE_TEST_SSR_KEY = 'free-test';

/**
 * The free test's questions. The prerendered page carries them (build time, from content/), so its first
 * question is in the HTML and the hydration render has it too; they are still fetched once, and the same
 * questions change nothing on screen.
 */
export function useFreeTest() {
  const prerendered = ssrData<{ questions: PublicQuestion[] }>(FREE_TEST_SSR_KEY);
  return useQuery({
    queryKey: ['free-test'],
    queryFn: () => api<{ questions: PublicQuestion[] }>('/api/v1/free-test'),
    // Asked once behind the prerendered data (stale at once), else fetched once per visit.
    staleTime: prerendered ? 0 : Number.POSITIVE_INFINITY,
    initialData: prerendered,
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
