// A chain of reactions runs to its end before the next timer callback, and reactions queued by
// a timer callback run before the timer after it, as JavaScript's microtasks do.
setTimeout(() => {
    console.log("timeout 1");
    Promise.resolve(0).then((v) => console.log("  micro from timeout 1")).then(() => console.log("  its next link"));
}, 0);
setTimeout(() => console.log("timeout 2"), 0);
Promise.resolve(1)
    .then((v) => { console.log("link", v); return v + 1; })
    .then((v) => { console.log("link", v); return v + 1; })
    .then((v) => console.log("link", v));
Promise.resolve(10).then((v) => console.log("other chain", v));
console.log("script end");
