/** Run one script (/admin/scripts/run/:id): its parameter form, generated from its schema. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { AdminScript } from '@moveratlas/contracts';
import { Breadcrumb } from '../../../components/dashboard/breadcrumb';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ScriptRunForm } from './script-run-form';
import { SCRIPTS_PATH } from './scripts-page';

export function Component() {
  const { id = '' } = useParams();
  const script = useQuery<AdminScript>({ queryKey: [`${SCRIPTS_PATH}/${id}`], staleTime: 0 });
  return (
    <section aria-labelledby="run-heading" className="max-w-3xl space-y-5">
      <Breadcrumb parent={{ to: '/admin/scripts', label: 'Scripts' }} current="Run" />
      <h2 id="run-heading" className="text-xl font-semibold text-slate-900">
        Run a script
      </h2>
      {script.isPending ? (
        <Skeleton label="Loading the script" blocks={2} />
      ) : script.isError ? (
        <LoadFailure
          what={`the script "${id}"`}
          error={script.error}
          onRetry={() => void script.refetch()}
        />
      ) : (
        <ScriptRunForm key={script.data.id} script={script.data} />
      )}
    </section>
  );
}
