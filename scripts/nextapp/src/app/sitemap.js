// The site's pages, for /sitemap.xml. The URLs name the site's public origin,
// as a deployed site's do; affordances-md serve is told the same origin with
// --url, and reads the paths off them.
const site = process.env.SITE_URL || 'https://nextapp.example';

export default function sitemap() {
  return ['/', '/withloading', '/slowmeta', '/csr', '/stock'].map((path) => ({ url: site + path }));
}
