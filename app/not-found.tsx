import Link from "next/link";

export default function NotFound() {
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p>This page does not exist, or it belongs to someone else.</p>
      <Link href="/" className="text-indigo-600 underline dark:text-indigo-400">
        Back to your chats
      </Link>
    </div>
  );
}
