import { Router } from 'express';
import { preferencesSchema } from '@labelwise/domain';
import { parseInput } from '../../http/validate';
import type { Feature } from '../../http/context';
import { lookupBodySchema, scanBodySchema, usernameBodySchema } from './account-input';
import { changePreferences, readPreferences } from './preferences';
import { profileFromUser, readActivity, readProfile, readStats } from './profile-queries';
import { listRecentlyScanned, listScannedProducts, recordLookup, recordScan } from './scans';
import { setUsername } from './set-username';
import { userFavourites } from '@labelwise/projections/queries';

/** Accounts: profile, username, preferences, scans, monthly allowance, activity and favourites, recently scanned. */
export const accountsFeature: Feature = (ctx) => {
  const router = Router();
  const signedIn = ctx.authz.requireUser();
  const verified = ctx.authz.requireUser({ verified: true });

  router.get('/user/profile', signedIn, async (req, res) => {
    res.json(await readProfile(ctx, req.user!));
  });

  router.patch('/user/username', signedIn, async (req, res) => {
    const { username } = parseInput(usernameBodySchema, req.body);
    const state = await setUsername(ctx, req.user!.uid, username);
    res.json(profileFromUser(state, req.user!, ctx.clock()));
  });

  router.get('/users/preferences', signedIn, async (req, res) => {
    res.json(await readPreferences(ctx, req.user!.uid));
  });

  router.put('/users/preferences', signedIn, async (req, res) => {
    res.json(await changePreferences(ctx, req.user!.uid, parseInput(preferencesSchema, req.body)));
  });

  router.get('/users/scanned-products', signedIn, async (req, res) => {
    res.json(await listScannedProducts(ctx, req.user!.uid));
  });

  router.post('/users/scanned-products', verified, async (req, res) => {
    res.status(201).json(await recordScan(ctx, req.user!.uid, parseInput(scanBodySchema, req.body)));
  });

  // Opening a product by its barcode: in the history, never counted against the allowance.
  router.post('/users/product-lookups', signedIn, async (req, res) => {
    res.status(201).json(await recordLookup(ctx, req.user!.uid, parseInput(lookupBodySchema, req.body)));
  });

  router.get('/user-stats', signedIn, async (req, res) => {
    res.json(await readStats(ctx, req.user!.uid));
  });

  router.get('/user/activity', signedIn, async (req, res) => {
    res.json(await readActivity(ctx, req.user!.uid));
  });

  router.get('/user/favourites', signedIn, async (req, res) => {
    res.json(await userFavourites(ctx.reads, req.user!.uid));
  });

  router.get('/recently-scanned', async (_req, res) => {
    res.json(await listRecentlyScanned(ctx));
  });

  return router;
};
