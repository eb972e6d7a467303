import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { CATALOGUE_MESSAGES, IMAGE_RULES } from '../../../contract/consoleCatalogue.ts';
import { DomainError } from '../errors.ts';

type Format = 'png' | 'jpeg' | 'webp';

/**
 * What the file is, from its first bytes (never its name or declared type): PNG, JPEG, WebP, an SVG drawing, or
 * something else.
 */
export function sniffImage(bytes: Buffer): Format | 'svg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(head) || /<svg[\s>]/.test(head)) return 'svg';
  return null;
}

export interface VehicleImage {
  body: Buffer;
  /** 32 hex digits of the SHA-256 of `body`: the stored name, so the same picture is stored once. */
  hash: string;
  width: number;
  height: number;
}

/**
 * Checks an uploaded file by its content and makes the cards' picture of it: decoded by libvips (sharp), turned
 * upright (EXIF orientation), fitted into IMAGE_RULES.width × height on a transparent ground, written as WebP with no
 * metadata (no camera, no GPS). Nothing of the upload but its pixels reaches the stored file, so a polyglot (a PNG
 * that is also HTML or a script) leaves its other half behind. SVG is refused (see CATALOGUE_MESSAGES.imageSvg).
 */
export async function prepareVehicleImage(bytes: Buffer): Promise<VehicleImage> {
  const format = sniffImage(bytes);
  if (format === 'svg') throw new DomainError('unsupported_media_type', CATALOGUE_MESSAGES.imageSvg);
  if (format === null) throw new DomainError('unsupported_media_type', CATALOGUE_MESSAGES.imageType);
  let decoded: Metadata;
  try {
    decoded = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('unsupported_media_type', CATALOGUE_MESSAGES.imageUnreadable);
  }
  if (decoded.format !== format) throw new DomainError('unsupported_media_type', CATALOGUE_MESSAGES.imageUnreadable);
  if ((decoded.width ?? 0) * (decoded.height ?? 0) > IMAGE_RULES.maxPixels) throw new DomainError('payload_too_large', CATALOGUE_MESSAGES.imageTooManyPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_RULES.width, height: IMAGE_RULES.height, fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .webp({ quality: 82, alphaQuality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, hash: createHash('sha256').update(data).digest('hex').slice(0, 32), width: info.width, height: info.height };
  } catch {
    throw new DomainError('unsupported_media_type', CATALOGUE_MESSAGES.imageUnreadable);
  }
}
