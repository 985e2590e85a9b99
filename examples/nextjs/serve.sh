# The Next.js app, built and started as usual, on port 3000.
npm run build
npx next start --port 3000 &

# affordances-md in front of it, on port 8080: send the site's traffic here.
affordances-md serve --origin http://127.0.0.1:3000 --listen :8080 &

# Every page now has a Markdown twin.
curl http://localhost:8080/blog/hello.md
curl -H 'Accept: text/markdown' http://localhost:8080/blog/hello
