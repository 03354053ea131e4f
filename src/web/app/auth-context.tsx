import { createContext, type ReactNode, useContext } from 'react';
import type { MeResponse } from '../../domain/contracts/auth';
import { useMe } from '../features/auth/api';

interface AuthState {
  me: MeResponse | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const query = useMe();
  const value: AuthState = {
    me: query.data ?? null,
    isLoading: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  // Developer-facing misuse error.
  if (!context) throw new Error('useAuth must be used within AuthProvider');
  return context;
}
