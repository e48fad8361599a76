/**
 * The admin screens, children of the admin layout route (/admin): one entry per screen, each a lazy page
 * module in its own feature folder under features/admin/. Only screens that exist are registered.
 */
import type { RouteObject } from 'react-router-dom';

export const adminScreens: RouteObject[] = [];
