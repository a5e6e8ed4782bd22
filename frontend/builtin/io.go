package builtin

import "adesh2go/frontend/types"

// The I/O surface of §12: net.listen/connect, http.get/post, fs.read_file/write_file/remove,
// and the methods of TcpListener and TcpStream. Each gives a runtime future (see IOFuture); an
// optional last argument, a timeout in milliseconds, selects the runtime's …Timeout variant.

func ioOf(t types.Type) *types.Future { return future(t, SrcIO) }

// orError is Result<t, Error>.
func orError(t types.Type) *types.Result { return &types.Result{Ok: t, Err: types.ErrorType} }

var (
	listener = types.Typ[types.TcpListener]
	stream   = types.Typ[types.TcpStream]
	response = types.Typ[types.Response]
)

var (
	NetListen  = static(Net, "listen", fixed(sig(ioOf(listener), str)), ioFuture("NetListen", "", "ListenFuture"))
	NetConnect = static(Net, "connect", fixed(sig(ioOf(stream), str, i64).opt(1)),
		ioFuture("NetConnect", "NetConnectTimeout", "ConnectFuture"))
	HTTPGet  = static(HTTP, "get", fixed(sig(ioOf(orError(response)), str)), ioFuture("HTTPGet", "", "HTTPFuture"))
	HTTPPost = static(HTTP, "post", fixed(sig(ioOf(orError(response)), str, str)), ioFuture("HTTPPost", "", "HTTPFuture"))
	// The fs calls run on the blocking pool: their future is its *rt.JoinHandle.
	FSReadFile  = static(FS, "read_file", fixed(sig(ioOf(orError(str)), str)), ioFuture("ReadFile", "", ""))
	FSWriteFile = static(FS, "write_file", fixed(sig(ioOf(orError(unit)), str, str)), ioFuture("WriteFile", "", ""))
	FSRemove    = static(FS, "remove", fixed(sig(ioOf(orError(unit)), str)), ioFuture("RemoveFile", "", ""))

	TcpListenerAccept = method(TcpListeners, "accept", 0, fixed(sig(ioOf(stream), i64).opt(1)),
		ioFuture("Accept", "AcceptTimeout", "AcceptFuture"))
	TcpListenerAddr  = method(TcpListeners, "addr", 0, fixed(sig(str)), goMethod("Addr"))
	TcpListenerClose = method(TcpListeners, "close", 0, fixed(sig(unit)), goMethod("Close"))

	TcpStreamRead = method(TcpStreams, "read", 0, fixed(sig(ioOf(str), i64, i64).opt(1)),
		ioFuture("Read", "ReadTimeout", "ReadFuture"))
	TcpStreamReadLine = method(TcpStreams, "read_line", 0, fixed(sig(ioOf(optional(str)), i64).opt(1)),
		ioFuture("ReadLine", "ReadLineTimeout", "ReadLineFuture"))
	TcpStreamWrite = method(TcpStreams, "write", 0, fixed(sig(ioOf(unit), str)), ioFuture("Write", "", "WriteFuture"))
	TcpStreamClose = method(TcpStreams, "close", 0, fixed(sig(unit)), goMethod("Close"))
	TcpStreamAddr  = method(TcpStreams, "addr", 0, fixed(sig(str)), goMethod("Addr"))
)
