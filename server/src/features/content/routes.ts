/** GET /api/content/:collection and /api/content/:collection/:slug: the site's Markdown content, rendered. */
import { Router } from 'express';
import { ContentCollectionSchema, ContentSlugSchema } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { siteContent, type ContentStore } from './content-store';

/** Content changes only with a deploy, so browsers and caches may keep it for a while. */
const CACHE_CONTROL = 'public, max-age=300';

export function contentRoutes(content: () => ContentStore = siteContent): Router {
  const router = Router();

  router.get('/content/:collection', (req, res) => {
    const collection = ContentCollectionSchema.safeParse(req.params.collection);
    if (!collection.success) {
      throw notFound(`No content collection "${req.params.collection.slice(0, 60)}"`);
    }
    res.set('Cache-Control', CACHE_CONTROL);
    res.json(content().list(collection.data));
  });

  router.get('/content/:collection/:slug', (req, res) => {
    const collection = ContentCollectionSchema.safeParse(req.params.collection);
    const slug = ContentSlugSchema.safeParse(req.params.slug);
    const document =
      collection.success && slug.success ? content().get(collection.data, slug.data) : undefined;
    if (!document) {
      throw notFound(
        `No content "${req.params.slug.slice(0, 120)}" in "${req.params.collection.slice(0, 60)}"`,
      );
    }
    res.set('Cache-Control', CACHE_CONTROL);
    res.json(document);
  });

  return router;
}
