/** POST /api/contact: a message from the /contact form, kept in contact_messages for the admin area. */
import type { Router } from 'express';
import { CONTACT_CONFIRMATION, ContactMessageSchema } from '@moveratlas/contracts';
import { formRoute, submitterOf, type FormContext } from '../../lib/form-submission';

export function contactRoutes(ctx: FormContext): Router {
  return formRoute(ctx, {
    path: '/contact',
    rateLimit: { name: 'contact', what: 'messages' },
    schema: ContactMessageSchema,
    page: '/contact',
    confirmation: CONTACT_CONFIRMATION,
    async store(message, publicId, req) {
      await ctx.db('contact_messages').insert({
        public_id: publicId,
        name: message.name,
        email: message.email,
        topic: message.topic,
        message: message.message,
        ...submitterOf(req),
      });
    },
  });
}
