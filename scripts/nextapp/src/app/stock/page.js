// Streams table rows into a <tbody> and a list after the shell, with no
// boundary failing, so a person sees every part once the page has loaded;
// its link is followed by the client-side router (an RSC request).
import Link from 'next/link';
import { Suspense } from 'react';
export const dynamic = 'force-dynamic';
export const metadata = { title: 'Trail Tee stock', description: 'stock and reviews streamed after the shell' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function Rows() {
  await sleep(300);
  return [['S', '12'], ['M', '3'], ['L', '0']].map(([size, n]) => <tr key={size}><td>{size}</td><td>{n}</td></tr>);
}
async function Reviews() {
  await sleep(500);
  return <ul><li>Warm and light.</li><li>Runs small: take a size up.</li></ul>;
}
export default function Page() {
  return (
    <main>
      <h1>Trail Tee</h1>
      <p>Stock and reviews arrive after the shell.</p>
      <table>
        <thead><tr><th>Size</th><th>In stock</th></tr></thead>
        <tbody>
          <Suspense fallback={<tr><td colSpan={2}>Loading stock...</td></tr>}><Rows /></Suspense>
        </tbody>
      </table>
      <h2>Reviews</h2>
      <Suspense fallback={<p>Loading reviews...</p>}><Reviews /></Suspense>
      <p><Link href="/withloading">On to the page behind loading.js</Link></p>
    </main>
  );
}
