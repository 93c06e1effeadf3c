/**
 * Fixed public keys for DKIM key records (generated once with node:crypto, base64 DER): inputs of
 * the curated corpus and of the generators must not change between runs.
 */
export const KEYS = {
  rsa2048: [
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmScC/mFC89azMgjF9g57FB5sSQIFhXqdGG39NbZxXI8zfy',
    'iNVCoiGDFMBPy5P0ezrfhA0dCJtOAmSw/cNh7umdDFFoZCRlbJAo69Hw+9ochQl9dGFUVfItcSzJXm8pITqsrC2ONq',
    '3NDGcfK/vxv3aP7Frn/al1dlGPXJwr6j71vtY5wiF7PXR3j8MnzBq7v9EN5ccZFzIjIo9S1k8miqHEPXTCs9ZVYHq1',
    'alAwJrnJxhKclSh3N/BJmZ1eJbI63Fd/6F0IdLwrrAmHwKPHQbDqXVSx6n1Q0NYUmiSlCxliJ4cqFkjlKz/kLYIBwn',
    '0nQ0qoZofUgootp0vmG2O053IwIDAQAB',
  ].join(''),
  rsa1024: [
    'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQCluLEuU6ZiyKbaHV5/OaEUt4ouYGsNb6VFV1wI3fYtyqJATP+rKx',
    'Egm132kfhUU8hxyoAlphrksABNKEMxZ1xl4KPACjrFkJuPpEsrYHUTX+5S3H585kpYxURiCqMqZ4D3D6d1yjfkGBQR',
    'LHYRSGFUncGmfmTA2SVzIfuQDpWbMQIDAQAB',
  ].join(''),
  rsa512: [
    'MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKdIhzXxudECmwadNFWXVYVaQp53QPpHww1AI937O/kXkoz2GXed27I9dr',
    'SOKHxaZZe1hwNbmREhRTj2Ff4fzNsCAwEAAQ==',
  ].join(''),
  /** The raw 32 bytes (RFC 8463). */
  ed25519: '5bfh91N0AQsGESjm9r79V+EcV/FYbzv0+qr59J0dXAQ=',
  ed25519Spki: 'MCowBQYDK2VwAyEA5bfh91N0AQsGESjm9r79V+EcV/FYbzv0+qr59J0dXAQ=',
  /** A bare RSAPublicKey (PKCS#1), as RFC 6376 §3.6.1 literally describes. */
  rsa1024Pkcs1: [
    'MIGJAoGBAOA8Ap6+L5SQCg3zIO/cndz3NZfJPaiocSdzTIw1RhpoIsiuQMz4xAB4S3eXjVBG4SMUKiYCuvPMPz51at',
    '+zgY6YEgGIjA4bJbO/rTqwXMW5xVq5AdML3SPxl97hCDP76wuyKkP9IWJKw4zMFjUDINRimXT0yEuaByVZB9gHZzTP',
    'AgMBAAE=',
  ].join(''),
} as const;
