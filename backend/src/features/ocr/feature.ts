import express, { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { streams, assertScansLeft, userDecider } from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import type { Feature } from '../../http/context';
import { requestLogger } from '../../http/request-log';
import { createDailyQuota } from './daily-quota';
import { OcrPoolClosed, OcrQueueFull, OcrTimeout } from './ocr-pool';
import { createOcrService, decodeBase64Image, InvalidImageUpload, type OcrService } from './ocr-service';
import { ImageRejected } from './preprocess';

/** The image extraction messages the user reads. */
export const UNREADABLE_INGREDIENTS_MESSAGE =
  'The ingredient list in this image is not clear enough to read. Please try taking a clearer photo with better lighting and focus.';
export const QUOTA_EXCEEDED_MESSAGE =
  'The scanning service has reached its usage limit. Please try again later or enter the ingredients manually.';
const READ_FAILED_MESSAGE =
  'Failed to read ingredients from this image. Please try again with a clearer photo.';

/** 8 MB of image as base64 is about 10.7 MB; the JSON around it is a few bytes. */
const BODY_LIMIT = '11mb';
/** When the queue is full, a photo a few seconds later usually finds a free worker. */
const BUSY_RETRY_AFTER_SECONDS = 5;

const bodySchema = z.strictObject({ image: z.string() });

function sendError(
  res: Response,
  status: number,
  error: string,
  message: string,
  details: Record<string, unknown>,
) {
  res.status(status).json({ error, message, details });
}

const parseJson = express.json({ limit: BODY_LIMIT, strict: true });

/** This route's own JSON parser (the app's skips it): large enough for an 8 MB photo, run only once the user is known. */
const imageBody: RequestHandler = (req, res, next) => {
  parseJson(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
      return sendError(
        res,
        413,
        'IMAGE_TOO_LARGE',
        'The image is larger than 8 MB. Please send a smaller photo.',
        {
          reason: 'too_large',
        },
      );
    }
    next(error);
  });
};

/**
 * The scanning gate on the server: after sign-in and a verified email (checked before this),
 * scans left this month, counted from the user's own stream as `POST /api/users/scanned-products`
 * counts them, and refused with its answer (403 `SCAN_LIMIT_REACHED`) before the photo is read.
 */
const scansLeft =
  (ctx: Parameters<Feature>[0]): RequestHandler =>
  async (req, _res, next) => {
    try {
      const user = await loadState(ctx.store, userDecider, streams.user(req.user!.uid), ctx.streamStates);
      assertScansLeft(user, ctx.clock(), ctx.env.SCAN_LIMIT);
      next();
    } catch (error) {
      next(error);
    }
  };

/**
 * `POST /api/process-image {image}`: OCR of an ingredient label, offline, for
 * signed-in users with a verified email and scans left this month, within a daily
 * allowance per user.
 */
export function createOcrRouter(ctx: Parameters<Feature>[0], service: OcrService): Router {
  const router = Router();
  const quota = createDailyQuota(ctx.db, ctx.env.OCR_DAILY_QUOTA);

  router.post(
    '/process-image',
    ctx.authz.requireUser({ verified: true }),
    scansLeft(ctx),
    imageBody,
    ctx.idempotentRequests,
    async (req, res) => {
      const parsed = bodySchema.safeParse(req.body);
      if (!parsed.success) {
        return sendError(res, 400, 'INVALID_IMAGE', 'Send the photo as {"image": "<base64 JPEG>"}.', {
          reason: 'invalid_body',
        });
      }
      let image: Buffer;
      try {
        image = decodeBase64Image(parsed.data.image);
      } catch (error) {
        if (!(error instanceof InvalidImageUpload)) throw error;
        const status = error.reason === 'too_large' ? 413 : 400;
        return sendError(
          res,
          status,
          error.reason === 'too_large' ? 'IMAGE_TOO_LARGE' : 'INVALID_IMAGE',
          error.message,
          {
            reason: error.reason,
          },
        );
      }

      const uid = req.user!.uid;
      const now = ctx.clock();
      const allowance = await quota.take(uid, now);
      if (!allowance.allowed) {
        res.setHeader('Retry-After', String(allowance.resetsInSeconds));
        return sendError(res, 429, 'QUOTA_EXCEEDED', QUOTA_EXCEEDED_MESSAGE, {
          scope: 'user',
          limit: allowance.limit,
          retryAfterSeconds: allowance.resetsInSeconds,
        });
      }

      try {
        const outcome = await service.read(image);
        if (outcome.kind === 'unreadable') {
          return sendError(res, 422, 'UNREADABLE_INGREDIENTS', UNREADABLE_INGREDIENTS_MESSAGE, {
            reason: outcome.reason,
          });
        }
        res.json(outcome.result);
      } catch (error) {
        // Not an image (no OCR ran) or the service failed, not the photo: the scan is given back.
        await quota.refund(uid, now).catch(() => {});
        if (error instanceof ImageRejected) {
          const tooLarge = error.reason === 'too_many_pixels';
          return sendError(
            res,
            tooLarge ? 413 : 400,
            tooLarge ? 'IMAGE_TOO_LARGE' : 'INVALID_IMAGE',
            error.message,
            {
              reason: error.reason,
            },
          );
        }
        if (error instanceof OcrQueueFull || error instanceof OcrPoolClosed) {
          res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
          return sendError(res, 429, 'QUOTA_EXCEEDED', QUOTA_EXCEEDED_MESSAGE, {
            scope: 'service',
            retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
          });
        }
        requestLogger(req)?.error({ err: error }, 'OCR failed');
        const reason = error instanceof OcrTimeout ? 'timeout' : 'engine_error';
        return sendError(res, 503, 'OCR_FAILED', READ_FAILED_MESSAGE, { reason });
      }
    },
  );

  return router;
}

/** The OCR feature: one warm worker pool per server (size `OCR_POOL_SIZE`), stopped when the server closes. */
export const ocrFeature: Feature = (ctx) => {
  const service = createOcrService({ poolSize: ctx.env.OCR_POOL_SIZE, logger: ctx.logger });
  ctx.onClose(() => service.close());
  return createOcrRouter(ctx, service);
};
