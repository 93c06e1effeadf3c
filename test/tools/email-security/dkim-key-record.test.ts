/** DKIM key records: the DER reader and key sizes (keys generated here), and each record check. */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { DerError, integerBits, oidToString, readPublicKey } from '../../../src/tools/email-security/dkim/der.ts';
import { looksLikeDkimKey, parseDkimKeyRecord } from '../../../src/tools/email-security/dkim/key-record.ts';

function rsaKey(bits: number, format: 'spki' | 'pkcs1' = 'spki'): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return publicKey.export({ type: format, format: 'der' }).toString('base64');
}

function ed25519Key(): { spki: string; raw: string } {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  return { spki: der.toString('base64'), raw: der.subarray(der.length - 32).toString('base64') };
}

const keys = {
  rsa512: rsaKey(512),
  rsa1024: rsaKey(1024),
  rsa2048: rsaKey(2048),
  rsa4096: rsaKey(4096),
  rsa2048pkcs1: rsaKey(2048, 'pkcs1'),
  ed25519: ed25519Key(),
};

/** A TXT record as DNS hands it back: the key split over 255-byte strings, joined without spaces. */
const split = (text: string) => (text.match(/.{1,255}/g) ?? []).join('');

describe('DER reader', () => {
  test('RSA modulus sizes from SubjectPublicKeyInfo', () => {
    for (const [key, bits] of [
      [keys.rsa512, 512],
      [keys.rsa1024, 1024],
      [keys.rsa2048, 2048],
      [keys.rsa4096, 4096],
    ] as const) {
      const info = readPublicKey(new Uint8Array(Buffer.from(key, 'base64')));
      assert.deepEqual(info, { format: 'spki', algorithm: 'rsa', oid: '1.2.840.113549.1.1.1', rsaBits: bits });
    }
  });
  test('a bare PKCS#1 RSAPublicKey', () => {
    assert.deepEqual(readPublicKey(new Uint8Array(Buffer.from(keys.rsa2048pkcs1, 'base64'))), {
      format: 'pkcs1',
      algorithm: 'rsa',
      oid: null,
      rsaBits: 2048,
    });
  });
  test('an Ed25519 SubjectPublicKeyInfo', () => {
    assert.deepEqual(readPublicKey(new Uint8Array(Buffer.from(keys.ed25519.spki, 'base64'))), {
      format: 'spki',
      algorithm: 'ed25519',
      oid: '1.3.101.112',
      rsaBits: null,
    });
  });
  test('OIDs and integer sizes', () => {
    assert.equal(
      oidToString(new Uint8Array([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01])),
      '1.2.840.113549.1.1.1',
    );
    assert.equal(oidToString(new Uint8Array([0x2b, 0x65, 0x70])), '1.3.101.112');
    assert.equal(integerBits(new Uint8Array([0x00, 0x80, 0x00])), 16);
    assert.equal(integerBits(new Uint8Array([0x01])), 1);
    assert.equal(integerBits(new Uint8Array([0x00])), 0);
  });
  test('malformed DER throws DerError', () => {
    const full = new Uint8Array(Buffer.from(keys.rsa1024, 'base64'));
    for (const bytes of [
      new Uint8Array([]),
      new Uint8Array([0x30]),
      new Uint8Array([0x30, 0x80, 0x00, 0x00]),
      full.subarray(0, full.length - 1),
      new Uint8Array([...full, 0x00]),
      new Uint8Array([0x04, 0x01, 0x00]),
    ]) {
      assert.throws(() => readPublicKey(bytes), DerError);
    }
  });
  test('an OID cut inside a component, or with a component past 2^53, throws DerError (it read as "2.NaN")', () => {
    for (const contents of [[0x80], [0x2a, 0x86], [0x2a, ...new Array<number>(9).fill(0xff), 0x7f]])
      assert.throws(() => oidToString(new Uint8Array(contents)), DerError, JSON.stringify(contents));
  });
});

describe('DKIM key records', () => {
  const cases: {
    name: string;
    text: string;
    expect: {
      keyType?: string;
      bits?: number | null;
      valid: boolean;
      revoked?: boolean;
      testing?: boolean;
      problems?: string[];
      keyFormat?: string | null;
    };
  }[] = [
    {
      name: 'RSA 2048 (the usual)',
      text: `v=DKIM1; k=rsa; p=${keys.rsa2048}`,
      expect: { keyType: 'rsa', bits: 2048, valid: true, problems: [], keyFormat: 'spki' },
    },
    {
      name: 'RSA 2048 split into strings, no v= or k=',
      text: split(`p=${keys.rsa2048}`),
      expect: { keyType: 'rsa', bits: 2048, valid: true, problems: [] },
    },
    { name: 'RSA 4096', text: `v=DKIM1; p=${keys.rsa4096}`, expect: { bits: 4096, valid: true, problems: [] } },
    {
      name: 'RSA 1024: a warning',
      text: `v=DKIM1; k=rsa; p=${keys.rsa1024}`,
      expect: { bits: 1024, valid: true, problems: ['dkim-key-weak'] },
    },
    {
      name: 'RSA 512: invalid',
      text: `v=DKIM1; k=rsa; p=${keys.rsa512}`,
      expect: { bits: 512, valid: false, problems: ['dkim-key-too-short'] },
    },
    {
      name: 'PKCS#1 RSA key',
      text: `v=DKIM1; k=rsa; p=${keys.rsa2048pkcs1}`,
      expect: { bits: 2048, valid: true, keyFormat: 'pkcs1', problems: [] },
    },
    {
      name: 'whitespace inside p=',
      text:
        `v=DKIM1; k=rsa; p=${keys.rsa2048.slice(0, 100)} ` +
        `${keys.rsa2048.slice(100, 200)}\t${keys.rsa2048.slice(200)}`,
      expect: { bits: 2048, valid: true },
    },
    {
      name: 'Ed25519 raw key',
      text: `v=DKIM1; k=ed25519; p=${keys.ed25519.raw}`,
      expect: { keyType: 'ed25519', bits: null, valid: true, keyFormat: 'raw', problems: [] },
    },
    {
      name: 'Ed25519 as SPKI: RFC 8463 wants the raw key',
      text: `v=DKIM1; k=ed25519; p=${keys.ed25519.spki}`,
      expect: { keyType: 'ed25519', valid: false, problems: ['dkim-ed25519-spki'] },
    },
    {
      name: 'k=rsa holding an Ed25519 key',
      text: `v=DKIM1; k=rsa; p=${keys.ed25519.spki}`,
      expect: { valid: false, problems: ['dkim-key-type-mismatch'] },
    },
    {
      name: 'revoked (empty p=)',
      text: 'v=DKIM1; k=rsa; p=',
      expect: { revoked: true, valid: true, bits: null, problems: [] },
    },
    { name: 'testing flag', text: `v=DKIM1; t=y:s; p=${keys.rsa2048}`, expect: { testing: true, valid: true } },
    {
      name: 'h=sha1 only',
      text: `v=DKIM1; h=sha1; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-hash-sha1-only'] },
    },
    {
      name: 'h=sha1:sha256 is fine',
      text: `v=DKIM1; h=sha1:sha256; p=${keys.rsa2048}`,
      expect: { valid: true, problems: [] },
    },
    {
      name: 's= not for email',
      text: `v=DKIM1; s=tlsrpt; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-service-not-email'] },
    },
    {
      name: 'unknown key type',
      text: `v=DKIM1; k=dsa; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-key-type-unknown'] },
    },
    {
      name: 'wrong version',
      text: `v=DKIM2; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-version-invalid'] },
    },
    {
      name: 'version not first: malformed, so verifiers ignore the key (RFC 6376 §3.6.1, §6.1.2)',
      text: `k=rsa; v=DKIM1; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-version-not-first'] },
    },
    {
      name: 'a segment that is not tag=value: malformed, so verifiers ignore the key',
      text: `v=DKIM1; k=rsa; rsa; p=${keys.rsa2048}`,
      expect: { valid: false, problems: ['dkim-record-syntax'] },
    },
    {
      name: 'empty segments and one trailing ";" are harmless',
      text: `v=DKIM1; k=rsa; p=${keys.rsa2048};`,
      expect: { valid: true, problems: [] },
    },
    { name: 'no p=', text: 'v=DKIM1; k=rsa', expect: { valid: false, problems: ['dkim-key-missing'] } },
    {
      name: 'p= not base64',
      text: 'v=DKIM1; p=not*base64!',
      expect: { valid: false, problems: ['dkim-key-unreadable'] },
    },
    {
      name: 'p= base64 but not a key',
      text: 'v=DKIM1; p=aGVsbG8gd29ybGQ=',
      expect: { valid: false, problems: ['dkim-key-unreadable'] },
    },
    {
      name: 'duplicate tags',
      text: `v=DKIM1; p=${keys.rsa2048}; p=${keys.rsa1024}`,
      expect: { valid: false, problems: ['dkim-tag-duplicate'] },
    },
  ];
  for (const { name, text, expect } of cases) {
    test(name, () => {
      const record = parseDkimKeyRecord(text);
      const { problems, ...fields } = expect;
      for (const [key, value] of Object.entries(fields))
        assert.deepEqual(record[key as keyof typeof record], value, key);
      if (problems)
        assert.deepEqual(
          record.problems.map((p) => p.id),
          problems,
        );
    });
  }

  test('what looks like a key record', () => {
    assert.equal(looksLikeDkimKey(`v=DKIM1; p=${keys.rsa2048}`), true);
    assert.equal(looksLikeDkimKey('k=rsa; p=abc'), true);
    assert.equal(looksLikeDkimKey('v=DKIM1'), true);
    assert.equal(looksLikeDkimKey('v=spf1 -all'), false);
    assert.equal(looksLikeDkimKey('google-site-verification=xyz'), false);
  });
});
