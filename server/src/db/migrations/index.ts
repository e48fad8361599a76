/**
 * The migration list. Listed explicitly (not read from the folder) so the same code runs under tsx,
 * a bundler and the tests; add a new migration with one import and one entry.
 */
import type { Knex } from 'knex';
import * as createStates from './20261123_01_create_states';
import * as createCities from './20261123_02_create_cities';
import * as createZipCodes from './20261123_03_create_zip_codes';
import * as createServices from './20261123_04_create_services';
import * as createCompanies from './20261123_05_create_companies';
import * as createCompanyServices from './20261123_06_create_company_services';
import * as createReviews from './20261123_07_create_reviews';
import * as createSearchTokens from './20261123_08_create_search_tokens';
import * as createAdminUsers from './20261123_09_create_admin_users';
import * as createSeedRuns from './20261123_10_create_seed_runs';
import * as createPartners from './20261123_11_create_partners';
import * as createVisitorSessions from './20261123_12_create_visitor_sessions';
import * as createLeads from './20261123_13_create_leads';
import * as createLeadConsents from './20261123_14_create_lead_consents';
import * as createLeadStatusHistory from './20261123_15_create_lead_status_history';
import * as createLeadAnalytics from './20261123_16_create_lead_analytics';
import * as createJobs from './20261123_17_create_jobs';
import * as createJobEvents from './20261123_18_create_job_events';
import * as createRateLimitHits from './20261123_19_create_rate_limit_hits';
import * as createContactMessages from './20261123_31_create_contact_messages';
import * as createCompanyApplications from './20261123_32_create_company_applications';
import * as createWidgetStepEvents from './20261123_20_create_widget_step_events';
import * as indexJobsPayload from './20261123_50_index_jobs_payload';
import * as createJobSchedules from './20261123_80_create_job_schedules';
import * as addJobTimingAndCancel from './20261123_81_add_job_timing_and_cancel';
import * as createAdminSessions from './20261123_40_create_admin_sessions';
import * as createLoginThrottle from './20261123_41_create_login_throttle';
import * as createSiteSettings from './20261123_70_create_site_settings';
import * as addReviewModeration from './20261123_60_add_review_moderation';
import * as addApplicationDecisions from './20261123_61_add_application_decisions';
import * as addCompanyAdminIndexes from './20261123_62_add_company_admin_indexes';
import * as createCompanyImports from './20261123_63_create_company_imports';
import * as createCompanyImportRejections from './20261123_64_create_company_import_rejections';
import * as addPartnerIsTest from './20261123_90_add_partner_is_test';
import * as createSeoCrawls from './20261123_91_create_seo_crawls';
import * as createSeoFindings from './20261123_92_create_seo_findings';
import * as createSeoTasks from './20261123_93_create_seo_tasks';
import * as createQaRuns from './20261123_94_create_qa_runs';
import * as addCompanyAdminFeaturedIndex from './20261123_95_add_company_admin_featured_index';
import * as addLeadFromStateCode from './20261123_96_add_lead_from_state_code';
import * as createAdminDevices from './20261124_01_create_admin_devices';
import * as renameSitemapScript from './20261125_01_rename_sitemap_script';
import * as createCacheVersions from './20261126_01_create_cache_versions';
import * as addCompanyRankScore from './20261126_02_add_company_rank_score';
import * as addZipKindAndCityPopulation from './20261127_01_add_zip_kind_and_city_population';
import * as storeCompanyTextAsTyped from './20261127_50_store_company_text_as_typed';
import * as addContactMessageHandling from './20261127_51_add_contact_message_handling';
import * as createContactMessageEvents from './20261127_52_create_contact_message_events';
import * as createAuditEvents from './20261127_60_create_audit_events';
import * as addAdminUserRole from './20261127_61_add_admin_user_role';
import * as addCompanyVersion from './20261127_70_add_company_version';
import * as addPartnerVersion from './20261127_71_add_partner_version';
import * as createCompanyCreateRequests from './20261127_72_create_company_create_requests';
import * as createCompanySlugHistory from './20261127_73_create_company_slug_history';
import * as createCompanyImportChanges from './20261127_80_create_company_import_changes';
import * as createCompanyImportUndo from './20261127_81_create_company_import_undo';
import * as addCompanyImportUndoStatus from './20261127_82_add_company_import_undo_status';
import * as createMailMessages from './20261127_90_create_mail_messages';
import * as createAdminAlertStates from './20261127_91_create_admin_alert_states';
import * as scheduleAlertCheck from './20261127_92_schedule_alert_check';
import * as createCompanyDailyActivity from './20261127_93_create_company_daily_activity';
import * as createMoverAccounts from './20261128_01_create_mover_accounts';
import * as createCompanyClaims from './20261128_10_create_company_claims';
import * as createReviewReplies from './20261128_40_create_review_replies';
import * as createCompanyLeads from './20261128_40_create_company_leads';
import * as createLeadDeliveries from './20261129_10_create_lead_deliveries';
import * as createVisitorRequests from './20261129_20_create_visitor_requests';
import * as createCompanyLeadPreferences from './20261129_30_create_company_lead_preferences';
import * as addLeadQualityAndReturns from './20261129_40_add_lead_quality_and_returns';
import * as createReviewInvitations from './20261130_01_create_review_invitations';
import * as indexCompanyLeadsMoveDay from './20261130_02_index_company_leads_move_day';
import * as addReviewVerification from './20261130_03_add_review_verification';
import * as scheduleReviewRequests from './20261130_04_schedule_review_requests';
import * as markSampleReviews from './20261130_05_mark_sample_reviews';
import * as createReviewReports from './20261201_01_create_review_reports';
import * as createMoverPasskeys from './20261128_40_create_mover_passkeys';
import * as createCompanyImages from './20261128_40_create_company_images';
import * as addCompanyHoursAndChangeRequests from './20261128_41_add_company_hours_and_change_requests';
import * as createCompanyNotificationSettings from './20261128_40_create_company_notification_settings';
import * as createReviewPhotos from './20261201_02_create_review_photos';
import * as createLicensingImports from './20261201_10_create_licensing_imports';
import * as createFmcsaCarriers from './20261201_11_create_fmcsa_carriers';
import * as createFmcsaRevocations from './20261201_12_create_fmcsa_revocations';
import * as createLicensingCompanyMatches from './20261201_13_create_licensing_company_matches';
import * as addLicensingAuthority from './20261201_14_add_licensing_authority';
import * as scheduleFmcsaImports from './20261201_15_schedule_fmcsa_imports';

const migrations: Record<string, Knex.Migration> = {
  '20261123_01_create_states': createStates,
  '20261123_02_create_cities': createCities,
  '20261123_03_create_zip_codes': createZipCodes,
  '20261123_04_create_services': createServices,
  '20261123_05_create_companies': createCompanies,
  '20261123_06_create_company_services': createCompanyServices,
  '20261123_07_create_reviews': createReviews,
  '20261123_08_create_search_tokens': createSearchTokens,
  '20261123_09_create_admin_users': createAdminUsers,
  '20261123_10_create_seed_runs': createSeedRuns,
  '20261123_11_create_partners': createPartners,
  '20261123_12_create_visitor_sessions': createVisitorSessions,
  '20261123_13_create_leads': createLeads,
  '20261123_14_create_lead_consents': createLeadConsents,
  '20261123_15_create_lead_status_history': createLeadStatusHistory,
  '20261123_16_create_lead_analytics': createLeadAnalytics,
  '20261123_17_create_jobs': createJobs,
  '20261123_18_create_job_events': createJobEvents,
  '20261123_19_create_rate_limit_hits': createRateLimitHits,
  '20261123_31_create_contact_messages': createContactMessages,
  '20261123_32_create_company_applications': createCompanyApplications,
  '20261123_20_create_widget_step_events': createWidgetStepEvents,
  '20261123_50_index_jobs_payload': indexJobsPayload,
  '20261123_80_create_job_schedules': createJobSchedules,
  '20261123_81_add_job_timing_and_cancel': addJobTimingAndCancel,
  '20261123_40_create_admin_sessions': createAdminSessions,
  '20261123_41_create_login_throttle': createLoginThrottle,
  '20261123_70_create_site_settings': createSiteSettings,
  '20261123_60_add_review_moderation': addReviewModeration,
  '20261123_61_add_application_decisions': addApplicationDecisions,
  '20261123_62_add_company_admin_indexes': addCompanyAdminIndexes,
  '20261123_63_create_company_imports': createCompanyImports,
  '20261123_64_create_company_import_rejections': createCompanyImportRejections,
  '20261123_90_add_partner_is_test': addPartnerIsTest,
  '20261123_91_create_seo_crawls': createSeoCrawls,
  '20261123_92_create_seo_findings': createSeoFindings,
  '20261123_93_create_seo_tasks': createSeoTasks,
  '20261123_94_create_qa_runs': createQaRuns,
  '20261123_95_add_company_admin_featured_index': addCompanyAdminFeaturedIndex,
  '20261123_96_add_lead_from_state_code': addLeadFromStateCode,
  '20261124_01_create_admin_devices': createAdminDevices,
  '20261125_01_rename_sitemap_script': renameSitemapScript,
  '20261126_01_create_cache_versions': createCacheVersions,
  '20261126_02_add_company_rank_score': addCompanyRankScore,
  '20261127_01_add_zip_kind_and_city_population': addZipKindAndCityPopulation,
  '20261127_50_store_company_text_as_typed': storeCompanyTextAsTyped,
  '20261127_51_add_contact_message_handling': addContactMessageHandling,
  '20261127_52_create_contact_message_events': createContactMessageEvents,
  '20261127_60_create_audit_events': createAuditEvents,
  '20261127_61_add_admin_user_role': addAdminUserRole,
  '20261127_70_add_company_version': addCompanyVersion,
  '20261127_71_add_partner_version': addPartnerVersion,
  '20261127_72_create_company_create_requests': createCompanyCreateRequests,
  '20261127_73_create_company_slug_history': createCompanySlugHistory,
  '20261127_80_create_company_import_changes': createCompanyImportChanges,
  '20261127_81_create_company_import_undo': createCompanyImportUndo,
  '20261127_82_add_company_import_undo_status': addCompanyImportUndoStatus,
  '20261127_90_create_mail_messages': createMailMessages,
  '20261127_91_create_admin_alert_states': createAdminAlertStates,
  '20261127_92_schedule_alert_check': scheduleAlertCheck,
  '20261127_93_create_company_daily_activity': createCompanyDailyActivity,
  '20261128_01_create_mover_accounts': createMoverAccounts,
  '20261128_10_create_company_claims': createCompanyClaims,
  '20261128_40_create_review_replies': createReviewReplies,
  '20261128_40_create_company_leads': createCompanyLeads,
  '20261128_40_create_mover_passkeys': createMoverPasskeys,
  '20261128_40_create_company_images': createCompanyImages,
  '20261128_41_add_company_hours_and_change_requests': addCompanyHoursAndChangeRequests,
  '20261128_40_create_company_notification_settings': createCompanyNotificationSettings,
  '20261129_10_create_lead_deliveries': createLeadDeliveries,
  '20261129_20_create_visitor_requests': createVisitorRequests,
  '20261129_30_create_company_lead_preferences': createCompanyLeadPreferences,
  '20261129_40_add_lead_quality_and_returns': addLeadQualityAndReturns,
  '20261130_01_create_review_invitations': createReviewInvitations,
  '20261130_02_index_company_leads_move_day': indexCompanyLeadsMoveDay,
  '20261130_03_add_review_verification': addReviewVerification,
  '20261130_04_schedule_review_requests': scheduleReviewRequests,
  '20261130_05_mark_sample_reviews': markSampleReviews,
  '20261201_01_create_review_reports': createReviewReports,
  '20261201_02_create_review_photos': createReviewPhotos,
  '20261201_10_create_licensing_imports': createLicensingImports,
  '20261201_11_create_fmcsa_carriers': createFmcsaCarriers,
  '20261201_12_create_fmcsa_revocations': createFmcsaRevocations,
  '20261201_13_create_licensing_company_matches': createLicensingCompanyMatches,
  '20261201_14_add_licensing_authority': addLicensingAuthority,
  '20261201_15_schedule_fmcsa_imports': scheduleFmcsaImports,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
