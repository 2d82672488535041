// Rendered per request, as the app's pages are: a static page would be a cheaper floor than any
// page of the app can reach.
export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
    </main>
  );
}
