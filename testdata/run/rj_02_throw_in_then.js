// The JavaScript twin of rj_02_throw_in_then.adesh.
console.log("start");
const p = Promise.resolve(1).then(v => {
    console.log("callback runs with", v);
    throw new Error("thrown in then");
});
console.log("end");
