/** The body a mover's webhook receives (contracts' WebhookEvent): a lead, or the screen's test event. */
import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookLead } from '@moveratlas/contracts';
import type { DeliveryCompany } from './delivery-lead';

export function leadEvent(
  company: Pick<DeliveryCompany, 'id' | 'name'>,
  lead: WebhookLead,
  idempotencyKey: string,
  createdAt: number,
): WebhookEvent {
  return {
    id: idempotencyKey,
    type: 'lead.created',
    created: Math.floor(createdAt / 1000),
    idempotencyKey,
    test: false,
    company: { id: company.id, name: company.name },
    lead,
  };
}

/** A made-up customer, plainly marked: the "Send a test event" button's body. */
export function testEvent(
  company: Pick<DeliveryCompany, 'id' | 'name'>,
  now = Date.now(),
): WebhookEvent {
  const key = `test-${randomUUID()}`;
  const today = new Date(now).toISOString();
  return {
    id: key,
    type: 'test',
    created: Math.floor(now / 1000),
    idempotencyKey: key,
    test: true,
    company: { id: company.id, name: company.name },
    lead: {
      id: 'TEST000000',
      receivedAt: today,
      contact: {
        firstName: 'Test',
        lastName: 'Customer',
        email: 'test.customer@example.com',
        phone: '(555) 010-0000',
      },
      move: {
        from: { city: 'Austin', state: 'TX', zip: '78701', label: 'Austin, TX 78701' },
        to: { city: 'Denver', state: 'CO', zip: '80202', label: 'Denver, CO 80202' },
        date: today.slice(0, 10),
        size: '2-3 Bedrooms',
        rooms: 3,
        vehicle: null,
      },
      consent: {
        version: 'test',
        text: 'This is a test event from the Lead delivery screen; no customer is behind it.',
        consentedAt: today,
      },
    },
  };
}
