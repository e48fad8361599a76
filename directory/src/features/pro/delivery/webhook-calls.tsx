/**
 * The latest calls to the webhook, test events included, newest first: when, what, what the company's
 * server answered and how long it took, and how it ended in words. A table on wide screens, cards on phones.
 */
import type { WebhookAttempt } from '@moveratlas/contracts';
import { DateTime } from '../../../components/dashboard/date-time';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { EmptyState } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { answerWords, durationWords, EVENT_WORDS, OUTCOME_WORDS } from './delivery-words';

const HEADS = ['When', 'Event', 'Attempt', 'Answer', 'Duration', 'Outcome'];

function Outcome({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <>
      <span
        className={
          attempt.outcome === 'delivered'
            ? 'font-medium text-green-800'
            : 'font-medium text-red-800'
        }
      >
        {OUTCOME_WORDS[attempt.outcome]}
      </span>
      {attempt.error ? (
        <span className="block text-xs break-words text-slate-600">{attempt.error}</span>
      ) : null}
    </>
  );
}

function CallTable({ attempts }: { attempts: WebhookAttempt[] }) {
  return (
    <ListTable caption="Recent webhook calls">
      <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
        <tr>
          {HEADS.map((head) => (
            <th key={head} scope="col" className="px-3 py-2 font-semibold">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="align-top">
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={attempt.at} />
            </td>
            <td className="px-3 py-2 text-slate-800">{EVENT_WORDS[attempt.eventType]}</td>
            <td className="px-3 py-2 text-slate-700">{attempt.attempt}</td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {answerWords(attempt.statusCode)}
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              {durationWords(attempt.durationMs)}
            </td>
            <td className="px-3 py-2">
              <Outcome attempt={attempt} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

function CallCards({ attempts }: { attempts: WebhookAttempt[] }) {
  return (
    <ListCards label="Recent webhook calls">
      {attempts.map((attempt) => (
        <ListCard key={attempt.id}>
          <p className="text-sm">
            <Outcome attempt={attempt} />
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {EVENT_WORDS[attempt.eventType]}, attempt {attempt.attempt} ·{' '}
            <DateTime iso={attempt.at} /> · answer: {answerWords(attempt.statusCode)} ·{' '}
            {durationWords(attempt.durationMs)}
          </p>
        </ListCard>
      ))}
    </ListCards>
  );
}

export function WebhookCalls({ attempts }: { attempts: WebhookAttempt[] }) {
  return (
    <SectionCard
      id="webhook-calls"
      title="Recent webhook calls"
      description="The latest calls to your webhook, test events included, newest first."
    >
      {attempts.length === 0 ? (
        <EmptyState>No calls yet. Send a test event to try your webhook.</EmptyState>
      ) : (
        <>
          <CallTable attempts={attempts} />
          <CallCards attempts={attempts} />
        </>
      )}
    </SectionCard>
  );
}
