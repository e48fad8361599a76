/**
 * Review requests (/admin/settings#reviews): how many days after the moving day each visitor whose request
 * reached movers is e-mailed to ask how the move went (issue 19), with one private link per mover. The e-mails
 * go out daily at 15:00 UTC (the "Ask visitors how their move went" schedule); a reminder follows once, a
 * week later, when no link was used.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_REVIEW_REQUEST_SETTINGS_PATH,
  REVIEW_REQUEST_DELAY_MAX_DAYS,
  reviewRequestSettingsUpdateSchema,
  type ReviewRequestSettings,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { TextInput } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function ReviewRequestFields({ answer }: { answer: ReviewRequestSettings }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(String(answer.delayDays));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (delayDays: number) =>
      adminWrite<ReviewRequestSettings>('PUT', ADMIN_REVIEW_REQUEST_SETTINGS_PATH, { delayDays }),
    onSuccess: (saved) => {
      queryClient.setQueryData([ADMIN_REVIEW_REQUEST_SETTINGS_PATH], saved);
      toast({
        title: 'Review requests saved',
        description: `Visitors are asked ${days(saved.delayDays)} after their moving day.`,
      });
    },
    onError: (failure) => setError(failureText(failure)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    const parsed = reviewRequestSettingsUpdateSchema.safeParse({
      delayDays: /^\d+$/.test(value) ? Number(value) : Number.NaN,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.delayDays);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextInput
        label="Days after the moving day"
        name="delayDays"
        inputMode="numeric"
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
        hint={`From 0 (the moving day itself) to ${REVIEW_REQUEST_DELAY_MAX_DAYS}.`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save review requests'}
        </button>
        <p className="text-xs text-slate-600">
          {answer.updatedAt
            ? `Last changed ${formatDateTime(answer.updatedAt)}${answer.updatedBy ? ` by ${answer.updatedBy}` : ''}.`
            : 'The default: 2 days.'}
        </p>
      </div>
    </form>
  );
}

export function ReviewRequestsPanel() {
  const query = useQuery<ReviewRequestSettings>({
    queryKey: [ADMIN_REVIEW_REQUEST_SETTINGS_PATH],
  });
  return (
    <SectionCard
      id="reviews"
      title="Review requests"
      description="When each visitor whose request reached movers is e-mailed to ask how the move went, with one private link per mover to write a verified review. A reminder follows once, a week later, when no link was used."
    >
      {query.isPending ? (
        <Skeleton rows blocks={1} label="Loading the review requests setting" />
      ) : query.isError ? (
        <LoadFailure
          what="the review requests setting"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ReviewRequestFields key={query.data.updatedAt ?? 'none'} answer={query.data} />
      )}
    </SectionCard>
  );
}
