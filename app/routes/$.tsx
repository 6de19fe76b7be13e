// public route: any URL no other route matches is a 404 page, logged in or not.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
