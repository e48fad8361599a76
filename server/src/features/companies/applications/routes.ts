/**
 * POST /api/company-applications: a mover asks to be listed (/list-your-company). Stored as pending in
 * company_applications for admins to check (USDOT and MC numbers) and approve or decline.
 */
import type { Router } from 'express';
import { APPLICATION_CONFIRMATION, CompanyApplicationSchema } from '@moveratlas/contracts';
import { formRoute, submitterOf, type FormContext } from '../../../lib/form-submission';

export function companyApplicationRoutes(ctx: FormContext): Router {
  return formRoute(ctx, {
    path: '/company-applications',
    rateLimit: { name: 'company-application', what: 'applications' },
    schema: CompanyApplicationSchema,
    page: '/list-your-company',
    confirmation: APPLICATION_CONFIRMATION,
    async store(application, publicId, req) {
      await ctx.db('company_applications').insert({
        public_id: publicId,
        company_name: application.companyName,
        contact_name: application.contactName,
        email: application.email,
        phone: application.phone,
        website: application.website || null,
        usdot_number: application.usdotNumber || null,
        mc_number: application.mcNumber || null,
        state: application.state,
        city: application.city,
        services: JSON.stringify(application.services),
        message: application.message || null,
        status: 'pending',
        ...submitterOf(req),
      });
    },
  });
}
