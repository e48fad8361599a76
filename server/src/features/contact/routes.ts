/** POST /api/contact: a message from the /contact form, kept in contact_messages for the admin area. */
import { Router } from 'express';
import { ContactMessageSchema } from '@moveratlas/contracts';
import {
  formEncoded,
  formHandler,
  formRateLimit,
  submitterOf,
  type FormContext,
} from './form-submission';

export const CONTACT_CONFIRMATION =
  'Thank you — your message has been sent. We usually reply within two business days.';

export function contactRoutes(ctx: FormContext): Router {
  const router = Router();
  router.post(
    '/contact',
    formRateLimit(ctx, 'contact', 'messages'),
    formEncoded,
    formHandler({
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
    }),
  );
  return router;
}
