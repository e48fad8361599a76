/**
 * Test pictures made with sharp (no binary fixtures in the repository): a blue picture with a red left half,
 * so a rotation shows where the red went, and, when asked, EXIF as a phone camera writes it — an orientation,
 * an owner and a GPS position — for the tests that prove uploads keep none of it.
 */
import sharp from 'sharp';

/** The owner's name the EXIF of `picture(…, { exif: true })` carries. */
export const EXIF_OWNER = 'Secret Owner 4417';
/** The GPS IFD's tag (0x8825) as it appears in little-endian EXIF. */
export const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

export async function picture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif',
  { exif = false, orientation = 1 }: { exif?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  const half = await sharp({
    create: { width: Math.floor(width / 2), height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: half, left: 0, top: 0 },
  ]);
  if (exif)
    image = image.withMetadata({
      orientation,
      exif: {
        IFD0: { Copyright: EXIF_OWNER, ImageDescription: 'Our new house' },
        // Austin, TX: where the photo was taken, as a phone records it.
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '30/1 16/1 2/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '97/1 44/1 35/1',
        },
      },
    });
  return image.toFormat(format).toBuffer();
}
