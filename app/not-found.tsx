import Link from "next/link";

export default function NotFound() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl space-y-3 px-4 py-12">
        <h1 className="text-xl font-semibold">Not found</h1>
        <p>This page does not exist, or it belongs to someone else.</p>
        <Link href="/" className="text-indigo-700 underline dark:text-indigo-300">
          Back to your chats
        </Link>
      </div>
    </div>
  );
}
