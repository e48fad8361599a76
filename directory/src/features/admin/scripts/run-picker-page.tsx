/**
 * Run a script (/admin/scripts/run): pick one of the registered scripts, then fill in its generated form.
 * The choice is kept in the URL (?script=…), so Back returns to it.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { ScriptListResponse } from '@moveratlas/contracts';
import { Breadcrumb } from '../../../components/dashboard/breadcrumb';
import { cardClass, inputClass } from '../../../components/dashboard/classes';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ScriptRunForm } from './script-run-form';
import { SCRIPTS_PATH } from './scripts-page';

export function Component() {
  const [search, setSearch] = useSearchParams();
  const selectId = useId();
  const scripts = useQuery<ScriptListResponse>({ queryKey: [SCRIPTS_PATH], staleTime: 0 });
  const chosen = search.get('script') ?? '';
  const script = scripts.data?.scripts.find((s) => s.id === chosen);
  return (
    <section aria-labelledby="picker-heading" className="max-w-3xl space-y-5">
      <Breadcrumb parent={{ to: '/admin/scripts', label: 'Scripts' }} current="Run" />
      <h2 id="picker-heading" className="text-xl font-semibold text-slate-900">
        Run a script
      </h2>
      {scripts.isPending ? (
        <Skeleton label="Loading scripts" blocks={2} />
      ) : scripts.isError ? (
        <LoadFailure
          what="the scripts"
          error={scripts.error}
          onRetry={() => void scripts.refetch()}
        />
      ) : (
        <>
          <div className={cardClass}>
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              Script
            </label>
            <select
              id={selectId}
              value={chosen}
              onChange={(e) =>
                setSearch(e.target.value ? { script: e.target.value } : {}, { replace: true })
              }
              className={inputClass}
            >
              <option value="">Choose a script…</option>
              {scripts.data.scripts.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          {script ? <ScriptRunForm key={script.id} script={script} /> : null}
        </>
      )}
    </section>
  );
}
