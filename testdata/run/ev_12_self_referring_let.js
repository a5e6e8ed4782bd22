// The JavaScript twin of ev_12_self_referring_let.adesh.
function countdown(from) {
    let fact = (n) => n <= 1 ? 1 : n * fact(n - 1);
    console.log("fact", from, "=", fact(from));
}
countdown(5);

async function poll() {
    let count = 0;
    let id = setInterval(() => {
        count += 1;
        if (count == 3) {
            clearInterval(id);
            console.log("cleared after", count);
        }
    }, 5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    console.log("poll done", count);
}
await poll();
