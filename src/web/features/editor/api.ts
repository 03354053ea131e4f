import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditorQuestionList } from '../../../domain/contracts/review';
import { api } from '../../lib/api-client';

const editorKeys = { questions: ['editor', 'questions'] as const };

/** 404 for anyone who is not an editor: the page then shows Not found. */
export function useEditorQuestions() {
  return useQuery({
    queryKey: editorKeys.questions,
    queryFn: () => api<EditorQuestionList>('/api/v1/editor/questions'),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api<{ id: string; resolvedAt: string }>(`/api/v1/editor/reports/${id}/resolve`, {
        method: 'POST',
        body: { note },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: editorKeys.questions }),
  });
}
