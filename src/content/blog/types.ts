/** A post as the listing, its page and the feed show it (the front matter of its file). */
export interface BlogPost {
  slug: string;
  title: string;
  intro: string;
  tags: readonly string[];
  category: string;
  /** The post's illustration (a phone with a chat): its colour and its text alternative. */
  image: { accent: string; alt: string };
  /** The real publication day, AAAA-MM-DD (machine-readable: the page shows today's date). */
  published: string;
}

/** What the route table needs of a post, in the browser too. */
export interface BlogRoute {
  slug: string;
  title: string;
}

/** What only the prerender needs of a post: its meta description and its body as HTML. */
export interface BlogArticle {
  description: string;
  html: string;
}
