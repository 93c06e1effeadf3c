/**
 * The tokens of each grammar a target controls, for the text arbitraries of test/support/fuzz.ts:
 * keywords, separators and the pieces that sit at the edges of what the parsers accept.
 */

const DOMAINS = ['example.com', 'a.example', 'b.example', 'x.', 'mail.example.com', 'xn--bcher-kva.de', '-a-.b-'];

export const SPF_TOKENS: readonly string[] = [
  'v=spf1',
  'V=SPF1',
  'v=spf10',
  'spf2.0/pra',
  ' ',
  '  ',
  ...['+', '-', '~', '?'],
  ...['all', 'include:', 'a', 'a:', 'mx', 'mx:', 'ptr', 'ptr:', 'exists:', 'ip4:', 'ip6:', 'redirect=', 'exp='],
  ...DOMAINS,
  ...[
    '%{d}',
    '%{o}',
    '%{i}',
    '%{ir}',
    '%{d2}',
    '%{d0}',
    '%{l-}',
    '%{D}',
    '%{s}',
    '%{c}',
    '%{t}',
    '%{d',
    '%%',
    '%_',
    '%-',
  ],
  ...['%{d1r.-+,/_=}', '%x', '%'],
  ...[
    '192.0.2.1',
    '0.0.0.0',
    '256.1.1.1',
    '01.2.3.4',
    '2001:db8::',
    '::',
    ':::',
    '::ffff:1.2.3.4',
    '1:2:3:4:5:6:7:8:9',
  ],
  ...['/24', '/0', '/33', '/024', '//64', '//129', '/', '//', '/1/1'],
  ...['unknown=x', 'a=b', '=x', '-x=y', 'redirect:x.example', 'exp:x.example'],
];

export const TAG_LIST_TOKENS: readonly string[] = ['=', ';', '; ', ';;', ' = ', 'a=b', '1=x', '_=x', 'A_1=', ' '];

export const DMARC_TOKENS: readonly string[] = [
  'v=DMARC1',
  'v = DMARC1',
  'V=dmarc1',
  ' v=DMARC1',
  ...TAG_LIST_TOKENS,
  ...['p=', 'sp=', 'np=', 'psd=', 't=', 'adkim=', 'aspf=', 'fo=', 'rua=', 'ruf=', 'pct=', 'rf=', 'ri='],
  ...[
    'none',
    'quarantine',
    'reject',
    'REJECT',
    'y',
    'n',
    'u',
    'r',
    's',
    '0:1:d:s',
    '0::1',
    'afrf',
    '100',
    '-1',
    '99999',
  ],
  ...[
    'mailto:',
    'mailto:a@example.com',
    'mailto:a@b.example!10m',
    '!',
    '!5x',
    ',',
    'https://r.example/x',
    '%40',
    '%zz',
  ],
  ...DOMAINS,
];

export const DKIM_TOKENS: readonly string[] = [
  'v=DKIM1',
  'v=DKIM2',
  ...TAG_LIST_TOKENS,
  ...['k=rsa', 'k=ed25519', 'k=dsa', 'h=sha1', 'h=sha256:sha1', 's=email', 's=*', 's=tls', 't=y', 't=s:y', 'p='],
  // Base64 of a 2048-bit SubjectPublicKeyInfo header, a PKCS#1 header, 32 Ed25519 bytes, and broken pieces.
  ...[
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
    'MIIBCgKCAQEA',
    'MCowBQYDK2VwAyEA',
    'AAAA',
    'QUJD',
    '===',
    '=',
    '+/',
  ],
];

export const STS_RECORD_TOKENS: readonly string[] = [
  'v=STSv1',
  'v=STSv1;',
  'id=',
  '20240101',
  'id=abc',
  ...TAG_LIST_TOKENS,
];

export const STS_POLICY_TOKENS: readonly string[] = [
  ...['version: STSv1', 'version:STSv1', 'mode: enforce', 'mode: testing', 'mode: none', 'mode: ENFORCE'],
  ...['max_age: 604800', 'max_age: 31557601', 'max_age: 1', 'max_age: -1', 'max_age: 99999999999'],
  ...['mx: mail.example.com', 'mx: *.example.com', 'mx: *.*.example', 'mx: 192.0.2.1', 'ext: x', ': x', 'k:'],
  ...['\n', '\r\n', '\r', ' ', '\t', ':'],
];

export const TLS_RPT_TOKENS: readonly string[] = [
  'v=TLSRPTv1',
  'v=TLSRPTv1;',
  'rua=',
  ...['mailto:tls@example.com', 'https://r.example/tls', 'http://r.example', 'ftp://x', 'mailto:', ','],
  ...TAG_LIST_TOKENS,
];

export const BIMI_TOKENS: readonly string[] = [
  'v=BIMI1',
  'v = bimi1',
  'l=',
  'a=',
  'avp=brand',
  'avp=x',
  ...['https://l.example/logo.svg', 'https://l.example/logo.png', 'http://l.example/x.svg', 'https://[::1]/', ','],
  ...TAG_LIST_TOKENS,
];

export const REPORT_URI_TOKENS: readonly string[] = [
  ...['mailto:', 'https:', 'https://', 'http://', 'MAILTO:', 'x-y+z.w:'],
  ...['reports@', 'a@b@', '@', '%40', '%', '%zz', '%E2%82', '?subject=x', '!10m', '!', '!1t', ',', ' '],
  ...DOMAINS,
  ...['192.0.2.1', '1.2.3.4.5', '[::1]', 'localhost', '..', 'a..b'],
];

export const CSP_TOKENS: readonly string[] = [
  ...['default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'object-src'],
  ...['img-src', 'media-src', 'frame-ancestors', 'base-uri', 'form-action', 'report-uri', 'report-to', 'sandbox'],
  ...['worker-src', 'child-src', 'frame-src', 'fenced-frame-src', 'navigate-to', 'upgrade-insecure-requests'],
  ...["'self'", "'none'", "'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", "'nonce-abc'", "'sha256-x='"],
  ...[
    '*',
    'http:',
    'https:',
    'data:',
    'blob:',
    'ftp:',
    'http://*',
    'https://*.*',
    '*.example.com',
    'https://a.example',
  ],
  ...['https://a.example:443/x/', 'a.example:*', '//a', ':', '/path/'],
  ...[';', '; ', ',', ', ', ' ', '\t'],
];

export const STRUCTURED_FIELD_TOKENS: readonly string[] = [
  ...['camera', 'microphone', 'geolocation', 'payment', 'usb', 'a', '*', 'same-origin', 'require-corp'],
  ...['=', '()', '(', ')', '(self)', 'self', '*', '"https://a.example"', '"', '\\"', ';', ';report-to="x"', ','],
  ...['?0', '?1', '?2', ':YWJj:', ':', '1', '-1', '1.5', '1.2345', '1234567890123456', '-', '.', ' ', '\t'],
];

export const COOKIE_TOKENS: readonly string[] = [
  ...['session=', 'csrf_token=', '__Host-id=', '__Secure-id=', '__host-x=', 'heroku-session-affinity=', '=', 'x'],
  ...['; Secure', '; HttpOnly', '; SameSite=Strict', '; SameSite=None', '; SameSite=', '; SameSite=x'],
  ...['; Domain=.example.com', '; Domain=', '; Path=/', '; Path=', '; Max-Age=0', '; Max-Age=-1', '; Max-Age=x'],
  ...['; Expires=Thu, 01 Jan 1970 00:00:00 GMT', '; Expires=not a date', '; Partitioned', ';', ' '],
];

export const HSTS_TOKENS: readonly string[] = [
  ...['max-age=', 'max-age="', 'MAX-AGE=', '31536000', '0', '-1', '99999999999999999999999', '"31536000"'],
  ...['includeSubDomains', 'preload', ';', '; ', ',', '=', ' ', '"'],
];

export const HTML_TOKENS: readonly string[] = [
  ...['<', '>', '</', '/>', '<!--', '-->', '<!doctype html>', '<?xml ?>', '<html>', '<head>', '<body>'],
  ...['<meta', '<META', '<script', '</script>', '<style>', '</style>', '<title>', '</title>', '<textarea>', '<xmp>'],
  ...['<svg>', '</svg>', '<math>', '</math>', '<mi>', '</mi>', '<foreignObject>', '<svg/>', '</a>', '<desc>'],
  ...['<plaintext>', ' http-equiv=', ' HTTP-EQUIV="', ' content=', ' name=referrer', ' src=', ' integrity=', '='],
  ...['"Content-Security-Policy"', 'referrer-policy', "'", '"', '&amp;', '&#x41;', '&#65;', '&#0;', '&#x110000;', '&'],
  ...['https://cdn.example/a.js', '//cdn.example/x.js', 'http://a.example/b.js', '/local.js', ' ', '\n'],
  ...['Just a moment...', '/cdn-cgi/challenge-platform/', 'Reference #1.a.2', 'Press & Hold', 'Incapsula incident ID'],
];

/**
 * Markup that moves htmlparser2's open-element stack (implied and mismatched end tags, void and
 * SVG camel-case elements, MathML integration points), which decides where raw text is read.
 */
export const HTML_TREE_TOKENS: readonly string[] = [
  ...['<p>', '</p>', '<div>', '</div>', '<li>', '<form>', '</form>', '<clipPath>', '</clippath>', '<image>'],
  ...['</image>', '<br/>', '</br>', '<table>', '<tr>', '<td>', '<select>', '<option>', '<input>', '<mtext>'],
  ...['<annotation-xml>', '<body>', '<head>', '</head>', '<a>', '<h1>', '<svg><foreignobject>', '<math><mi>'],
  ...['<dd>', '<tbody>', '<b>', '</b>', '<template>', '</template>', '<noscript>', '</noscript>', '<iframe>'],
  ...['</iframe>', '<![CDATA[', ']]>', '<noembed>', ' src', ' src=""', 'content=""', '<script src=a.js>', '\t'],
  ...[
    '<meta name=referrer content=no-referrer>',
    '<meta http-equiv=content-security-policy content="default-src \'none\'">',
  ],
  ...['/', '<a', '<!', '<!---->', '--!>', '&quot;', '&lt;', '&nbsp', '&AMP;'],
];

export const HOST_TOKENS: readonly string[] = [
  ...DOMAINS,
  ...['www.', 'WWW.', 'Bücher.de', 'xn--', 'co.uk', 'localhost', '127.0.0.1', '0x7f.1', '2130706433', '[::1]'],
  ...['http://', 'https://', 'https:/', 'javascript:', 'ftp://', 'mailto:', 'user@', 'u:p@', ':8443', ':99999', ':'],
  ...['/', '\\', '?x=1', '#f', '%2e', '%41', '%', '%zz', '%252e', '.', '..', '-', 'a'.repeat(63), '.com'],
];

export const SERVER_TOKENS: readonly string[] = ['nginx', '/', '1', '.', '1.2', ' ', '/ 2', 'Apache/2.4.1', '(Unix)'];
