import { describe, expect, it } from 'vitest';
import { documentTypeOf, downloadName, readDocument } from './claim-document';

const bytes = (...values: number[]) => Buffer.from(values);

describe('the evidence document', () => {
  it('is recognised by its first bytes', () => {
    expect(documentTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(documentTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    );
    expect(documentTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(documentTypeOf(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe(
      'image/webp',
    );
    // Not by its name or what it claims to be.
    expect(documentTypeOf(Buffer.from('I am a PDF, honest'))).toBeUndefined();
    expect(documentTypeOf(Buffer.from('<svg onload="alert(1)"/>'))).toBeUndefined();
    expect(documentTypeOf(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(documentTypeOf(Buffer.from('%PD'))).toBeUndefined();
  });

  it('is refused in plain words when it is no PDF or image, or over 5 MB', () => {
    expect(() => readDocument(Buffer.from('hello').toString('base64'))).toThrow(
      'The document must be a PDF or a photo (PNG, JPEG or WebP). This file is none of those, whatever its name says.',
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.write('%PDF-');
    expect(() => readDocument(big.toString('base64'))).toThrow(/larger than 5 MB/);
    expect(readDocument(Buffer.from('%PDF-1.4').toString('base64')).type).toBe('application/pdf');
  });

  it('is downloaded under a safe name with its true extension', () => {
    expect(downloadName('C:\\scans\\Licence "2024".pdf', 'application/pdf', 3)).toBe(
      'Licence 2024.pdf',
    );
    expect(downloadName('photo.pdf', 'image/jpeg', 3)).toBe('photo.jpg');
    expect(downloadName('../../\u202e.exe', 'image/png', 9)).toBe('claim-9-document.png');
  });
});
