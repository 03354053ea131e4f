import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '../../../domain/constants';
import { api } from '../../lib/api-client';

/** Report one question: a reason and an optional note (the question-quality module's report route). */
export function useReportQuestion(questionId: string) {
  return useMutation({
    mutationFn: (report: { reason: ReportReason; note?: string }) =>
      api<{ id: string; reportedAt: string }>(`/api/v1/questions/${encodeURIComponent(questionId)}/reports`, {
        method: 'POST',
        body: report,
      }),
  });
}
