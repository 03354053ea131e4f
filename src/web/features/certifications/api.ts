import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCertificationRequest,
  AuditEntry,
  Certification,
  EditCertificationRequest,
  MyCertifications,
  ShopCertifications,
} from '../../../domain/contracts/certifications';
import { api } from '../../lib/api-client';
import { myCertificationsKey } from './query-keys';

const mine = myCertificationsKey;
const shop = ['certifications', 'shop'] as const;

export function useMyCertifications() {
  return useQuery({ queryKey: mine, queryFn: () => api<MyCertifications>('/api/v1/me/certifications') });
}

export function useAddCertification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCertificationRequest) =>
      api<{ certification: Certification }>('/api/v1/me/certifications', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: mine }),
  });
}

export function useSetCertificationActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api<{ certification: Certification }>(`/api/v1/me/certifications/${id}`, { method: 'PATCH', body: { isActive } }),
    onSettled: () => client.invalidateQueries({ queryKey: mine }),
  });
}

export function useDeleteCertification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/api/v1/me/certifications/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: mine }),
  });
}

export function useShopCertifications(techId: string | null) {
  return useQuery({
    queryKey: [...shop, techId],
    queryFn: () =>
      api<ShopCertifications>(`/api/v1/manager/certifications${techId ? `?techId=${encodeURIComponent(techId)}` : ''}`),
  });
}

export function useEditCertification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditCertificationRequest & { id: string }) =>
      api<{ certification: Certification }>(`/api/v1/manager/certifications/${id}`, { method: 'PATCH', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['certifications'] }),
  });
}

export function useCertificationAudit(id: string | null) {
  return useQuery({
    queryKey: ['certifications', 'audit', id],
    queryFn: () => api<{ entries: AuditEntry[] }>(`/api/v1/manager/certifications/${id}/audit`),
    enabled: id !== null,
  });
}
