/**
 * The delivery log's rows: a table on wide screens, one card per delivery on phones (nothing scrolls
 * sideways). Each names the customer, linking to the lead, and owners get "Send again" on finished ones.
 */
import { Link } from 'react-router-dom';
import { DELIVERY_CHANNEL_LABELS, type ProDelivery } from '@moveratlas/contracts';
import { buttonClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { DeliveryStatusBadge } from '../../../components/dashboard/lead-deliveries';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { proScreenPath } from '../pro-paths';
import { canRedeliver } from './delivery-words';

interface RowsProps {
  deliveries: ProDelivery[];
  companyId: number;
  /** Owners only: asks before sending a delivery again. */
  onResend?: (delivery: ProDelivery) => void;
}

const HEADS = ['Received', 'Customer', 'Request number', 'Channel', 'Status', 'Attempts', 'Detail'];

function CustomerLink({ delivery, companyId }: { delivery: ProDelivery; companyId: number }) {
  return (
    <Link
      to={proScreenPath(companyId, `leads/${delivery.leadId}`)}
      className="font-semibold break-words text-blue-700 underline hover:text-blue-900"
    >
      {delivery.customerName}
    </Link>
  );
}

/** "Send again", named with the row's customer and channel for screen readers (a list has many). */
function ResendButton({
  delivery,
  onResend,
}: {
  delivery: ProDelivery;
  onResend: RowsProps['onResend'];
}) {
  if (!onResend || !canRedeliver(delivery.status)) return null;
  return (
    <button type="button" className={buttonClass} onClick={() => onResend(delivery)}>
      Send again
      <span className="sr-only">
        : {delivery.customerName} by {DELIVERY_CHANNEL_LABELS[delivery.channel].toLowerCase()}
      </span>
    </button>
  );
}

export function DeliveryTable({ deliveries, companyId, onResend }: RowsProps) {
  return (
    <ListTable caption="Deliveries">
      <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
        <tr>
          {HEADS.map((head) => (
            <th key={head} scope="col" className="px-3 py-2 font-semibold">
              {head}
            </th>
          ))}
          {onResend ? (
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {deliveries.map((delivery) => (
          <tr key={delivery.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={delivery.createdAt} />
            </td>
            <td className="px-3 py-2">
              <CustomerLink delivery={delivery} companyId={companyId} />
            </td>
            <td className="px-3 py-2 font-mono text-slate-700">{delivery.leadPublicId}</td>
            <td className="px-3 py-2 text-slate-700">
              {DELIVERY_CHANNEL_LABELS[delivery.channel]}
            </td>
            <td className="px-3 py-2">
              <DeliveryStatusBadge status={delivery.status} />
            </td>
            <td className="px-3 py-2 text-slate-700">{delivery.attempts}</td>
            <td className="px-3 py-2 break-words text-slate-700">{delivery.detail ?? '—'}</td>
            {onResend ? (
              <td className="px-3 py-2 text-right">
                <ResendButton delivery={delivery} onResend={onResend} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

export function DeliveryCards({ deliveries, companyId, onResend }: RowsProps) {
  return (
    <ListCards label="Deliveries">
      {deliveries.map((delivery) => (
        <ListCard key={delivery.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CustomerLink delivery={delivery} companyId={companyId} />
            <DeliveryStatusBadge status={delivery.status} />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {DELIVERY_CHANNEL_LABELS[delivery.channel]} · request{' '}
            <span className="font-mono">{delivery.leadPublicId}</span> · received{' '}
            <DateTime iso={delivery.createdAt} /> ·{' '}
            {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
          </p>
          {delivery.detail ? (
            <p className="mt-2 text-sm break-words text-slate-700">{delivery.detail}</p>
          ) : null}
          {onResend && canRedeliver(delivery.status) ? (
            <div className="mt-3">
              <ResendButton delivery={delivery} onResend={onResend} />
            </div>
          ) : null}
        </ListCard>
      ))}
    </ListCards>
  );
}
