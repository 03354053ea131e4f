import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { StartSessionRequest } from '../../../domain/contracts/practice';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { useStartTest } from './api';

/** Creates the session on the server, then opens it at its own URL. */
export function StartTestButton({
  request,
  label = 'Start Test',
  accessibleName,
  variant = 'primary',
  className,
}: {
  request: StartSessionRequest;
  label?: string;
  accessibleName?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const start = useStartTest();
  const navigate = useNavigate();
  return (
    <Button
      size="sm"
      variant={variant}
      className={className}
      aria-label={accessibleName}
      disabled={start.isPending}
      onClick={() =>
        start.mutate(request, {
          onSuccess: (session) => navigate(`/app/tests/${session.id}`),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {start.isPending ? 'Starting…' : label}
    </Button>
  );
}
